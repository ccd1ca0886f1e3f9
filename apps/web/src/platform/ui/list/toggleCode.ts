export const toggleCode = (codes: number[], code: number, on: boolean): number[] =>
  on ? [...new Set([...codes, code])] : codes.filter((c) => c !== code);
