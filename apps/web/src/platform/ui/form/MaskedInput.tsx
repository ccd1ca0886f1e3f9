import { Input, type InputProps } from 'antd';
import { MASKS, type MaskName } from './masks.ts';

/** A text input that keeps its value masked as the user types. */
export function MaskedInput({
  mask,
  value,
  onChange,
  ...rest
}: Omit<InputProps, 'value' | 'onChange'> & {
  mask: MaskName;
  value: string;
  onChange: (masked: string) => void;
}) {
  const { format, maxLength } = MASKS[mask];
  return (
    <Input
      {...rest}
      inputMode="numeric"
      maxLength={maxLength}
      value={value}
      onChange={(e) => onChange(format(e.target.value))}
    />
  );
}
