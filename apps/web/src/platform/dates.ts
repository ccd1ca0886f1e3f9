import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';

/** dayjs in pt-BR (spec 1 §1). */
export function setupDates(): void {
  dayjs.locale('pt-br');
}
