import { useParams } from 'react-router';
import { segmentTypeFromPath } from '../segments/segmentTypes.ts';

/** The {segmentType} of the import/export routes ('pessoas' or 'equipe'). */
export function useTypeParam() {
  const { slug = '', type } = useParams();
  return { slug, type: segmentTypeFromPath(type) };
}
