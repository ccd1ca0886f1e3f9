import { offlineMunicipalities } from './offline-source.ts';

/** The IBGE codes of a municipality and of its state, from the offline table (data/municipios.csv). */
export interface MunicipalityIbge {
  stateIbge: number;
  municipalityIbge: number;
}

/**
 * The IBGE ids of `city` in `state` (UF), accents and case ignored; undefined when the offline table
 * has no such municipality. The state's code is the municipality's first two digits (IBGE).
 */
export function municipalityIbgeOf(city: string, state: string): MunicipalityIbge | undefined {
  const m = offlineMunicipalities().find(city, state);
  return m && { stateIbge: Math.trunc(m.ibge / 100_000), municipalityIbge: m.ibge };
}
