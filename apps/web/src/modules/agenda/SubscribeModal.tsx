import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Schedule } from '@mandato/domain';
import { App, Button, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useRenewSubscribeToken } from './hooks/useAgendaMutations.ts';

export const SUBSCRIBE_TITLE = 'Integre sua agenda';
export const COPIED = 'Endereço copiado';
export const CONFIRM_NEW_ADDRESS = 'O endereço atual deixará de funcionar. Deseja gerar um novo?';

/** 'Integre sua agenda' (spec 2 §2): the copyable subscription URL and three steps. */
export function SubscribeModal({ schedule, onClose }: { schedule: Schedule; onClose: () => void }) {
  const { message } = App.useApp();
  const [url, setUrl] = useState(schedule.subscribeURL);
  const renewToken = useRenewSubscribeToken();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // older browsers: select the text so the user can copy it
      const input = document.getElementById('subscribe-url') as HTMLInputElement | null;
      input?.select();
      document.execCommand('copy');
    }
    void message.success(COPIED);
  };

  const renew = async () => {
    try {
      const updated = await renewToken.mutateAsync(schedule.code);
      setUrl(updated.subscribeURL);
    } catch {
      // notice shown by the api client
    }
  };

  return (
    <Modal open title={SUBSCRIBE_TITLE} width={530} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph>
        Acompanhe a agenda <strong>{schedule.name}</strong> no seu aplicativo de calendário com este endereço:
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id="subscribe-url"
          aria-label="Endereço da agenda"
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
        />
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
          Copiar
        </Button>
      </Space.Compact>
      <ol className="agenda-steps">
        <li>
          <strong>Google Agenda:</strong> em “Outras agendas”, clique em “+” e depois em “Do URL”; cole o
          endereço e clique em “Adicionar agenda”.
        </li>
        <li>
          <strong>Outlook:</strong> em “Adicionar calendário”, escolha “Assinar da Web”; cole o endereço, dê
          um nome e clique em “Importar”.
        </li>
        <li>
          <strong>Calendário da Apple:</strong> no menu “Arquivo”, escolha “Nova Assinatura de Calendário…”;
          cole o endereço e clique em “Assinar”.
        </li>
      </ol>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Quem tiver o endereço vê os eventos desta agenda. Os aplicativos atualizam a assinatura periodicamente
        (o Google pode levar algumas horas).
      </Typography.Paragraph>
      {schedule.isOwner && (
        <Popconfirm title={CONFIRM_NEW_ADDRESS} okText="Sim" cancelText="Não" onConfirm={() => void renew()}>
          <Button icon={<ReloadOutlined />} loading={renewToken.isPending}>
            Gerar novo endereço
          </Button>
        </Popconfirm>
      )}
    </Modal>
  );
}
