import { CheckOutlined } from '@ant-design/icons';
import { SCHEDULE_COLOR_NAMES, SCHEDULE_COLORS, type ScheduleColor } from '@mandato/domain';

/** pt-BR names of the colours (tooltips and screen readers). */
export const COLOR_LABELS: Record<ScheduleColor, string> = {
  RED: 'Vermelho',
  PINK: 'Rosa',
  PURPLE: 'Roxo',
  DARK_PURPLE: 'Roxo escuro',
  DARK_BLUE: 'Azul escuro',
  BLUE: 'Azul',
  LIGHT_BLUE: 'Azul claro',
  GREEN_BLUE: 'Ciano',
  GREEN_GRAY: 'Verde-azulado',
  GREEN: 'Verde',
  LIGHT_GREEN: 'Verde claro',
  GREEN_YELLOW: 'Lima',
  YELLOW: 'Amarelo',
  DARK_YELLOW: 'Âmbar',
  ORANGE: 'Laranja',
  DARK_ORANGE: 'Laranja escuro',
  BROWN: 'Marrom',
  GRAY: 'Cinza',
};

/** The 18 schedule colours of spec 2 §3 as a group of radio swatches. */
export function ColorPicker({
  value,
  onChange,
  disabled,
}: {
  value: ScheduleColor;
  onChange: (color: ScheduleColor) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="agenda-colors" aria-label="Cor da agenda" disabled={disabled}>
      {SCHEDULE_COLOR_NAMES.map((name) => (
        <label
          key={name}
          className="agenda-color"
          title={COLOR_LABELS[name]}
          style={{ background: `#${SCHEDULE_COLORS[name]}` }}
        >
          <input
            type="radio"
            name="schedule-color"
            className="agenda-color__input"
            aria-label={COLOR_LABELS[name]}
            checked={value === name}
            onChange={() => onChange(name)}
          />
          {value === name && <CheckOutlined />}
        </label>
      ))}
    </fieldset>
  );
}
