import { geoRows } from '../../platform/db/geo-rows.ts';

/** The geocoding columns of companies (issue 12): read and written by the geocoding job via companies.lookup. */
export const companiesGeoRepository = geoRows('companies');
