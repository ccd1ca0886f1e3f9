import { useEffect, useRef, useState } from 'react';

/** Value input debounce (spec 2 §9: 200 ms): local text, handed on after a pause. */
export const VALUE_INPUT_DEBOUNCE_MS = 200;

export function useDebouncedText(initial: string, onSettle: (text: string) => void) {
  const [text, setText] = useState(initial);
  const settle = useRef(onSettle);
  settle.current = onSettle;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => settle.current(text), VALUE_INPUT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText] as const;
}
