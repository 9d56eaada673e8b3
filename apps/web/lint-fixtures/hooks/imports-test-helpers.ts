import { renderWithProviders } from '#web/test/render.tsx';

export const borrowed = renderWithProviders;
