import type { ReactNode } from 'react';

export interface PlaceholderPageProps {
  title: string;
  text: string;
  children?: ReactNode;
}

/** Stand-in for a screen still being built: its heading and one line of text. */
export function PlaceholderPage({ title, text, children }: PlaceholderPageProps) {
  return (
    <section className="page placeholder-page">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{text}</p>
      {children}
    </section>
  );
}
