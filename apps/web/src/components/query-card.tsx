import type { ReactNode } from 'react';
import { QueryContent, type QueryContentProps } from './query-content.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card.tsx';

interface QueryCardProps<T> extends QueryContentProps<T> {
  title: ReactNode;
  description: ReactNode;
}

/** A card whose body is fed by one query: its title and what it shows, then the query's content. */
export function QueryCard<T>({ title, description, ...content }: QueryCardProps<T>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryContent {...content} />
      </CardContent>
    </Card>
  );
}
