import { WhatsAppOutlined } from '@ant-design/icons';
import { formatPhone, whatsappLink } from '@mandato/domain';
import { Space } from 'antd';
import './list.css';

/** A phone on one line with the WhatsApp web shortcut (number prefixed by 55). */
export function PhoneLink({ phone, whatsapp = true }: { phone: string | null; whatsapp?: boolean }) {
  if (!phone) return null;
  return (
    <Space size={6}>
      <span className="phone-link__number">{formatPhone(phone)}</span>
      {whatsapp && (
        <a href={whatsappLink(phone)} target="_blank" rel="noreferrer" aria-label="Abrir no WhatsApp">
          <WhatsAppOutlined style={{ color: '#25d366' }} />
        </a>
      )}
    </Space>
  );
}
