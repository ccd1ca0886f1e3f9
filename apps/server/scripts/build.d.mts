export function buildServer(options?: { entry?: string; outfile?: string }): Promise<string>;
