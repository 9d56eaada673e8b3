import { Skeleton } from '#web/components/ui/skeleton.tsx';

export function BlogPostSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading post...
      </p>
      <Skeleton className="h-10 w-4/5 sm:h-12" />
      <Skeleton className="mt-4 h-6 w-3/5" />
      <Skeleton className="mt-4 h-4 w-40" />
      <Skeleton className="mt-8 aspect-video w-full rounded-xl" />
      <div className="mt-8 grid gap-3">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-11/12" />
        <Skeleton className="h-5 w-4/5" />
      </div>
    </div>
  );
}
