import { peopleGeoRepository } from './people-geo.repository.ts';

/**
 * The geocoding columns of people (issue 12), for the geocoding job and service: people waiting for
 * the geocoder, their back-off, the writes of a batch and 'Revalidar pontos'. Rows and counts only.
 */
export const peopleGeo = {
  pending: peopleGeoRepository.pending,
  nextRetryAt: peopleGeoRepository.nextRetryAt,
  write: peopleGeoRepository.write,
  markForRecheck: peopleGeoRepository.markForRecheck,
  recheckRows: peopleGeoRepository.recheckRows,
  clearRecheck: peopleGeoRepository.clearRecheck,
};
