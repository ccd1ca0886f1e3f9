import { onlyDigits } from '@mandato/domain';
import { useEffect, useRef, useState } from 'react';
import { type CepAddress, lookupCep } from './cepLookup.ts';

/**
 * Zip code lookup (spec 2 §5): called once 8 digits are typed, fills the address, disables the
 * fields while it runs; a failure is only logged.
 */
export function useCepLookup(onFound: (address: CepAddress) => void) {
  const [loading, setLoading] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const looked = useRef<string | null>(null);
  const found = useRef(onFound);
  found.current = onFound;

  useEffect(() => () => controller.current?.abort(), []);

  const onZipTyped = (masked: string) => {
    const digits = onlyDigits(masked);
    if (digits.length < 8) {
      looked.current = null;
      return;
    }
    if (looked.current === digits) return;
    looked.current = digits;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setLoading(true);
    lookupCep(digits, undefined, current.signal)
      .then((address) => {
        if (!current.signal.aborted) found.current(address);
      })
      .catch((error: unknown) => {
        if (!current.signal.aborted) console.warn('Falha na consulta de CEP', error);
      })
      .finally(() => {
        if (controller.current === current) {
          controller.current = null;
          setLoading(false);
        }
      });
  };

  return { loading, onZipTyped };
}
