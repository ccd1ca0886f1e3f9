/** How people, companies and names are shown the same way everywhere ('[Sem Nome]', the address block). */
export { codeName, presentAddress } from './people.present.ts';
