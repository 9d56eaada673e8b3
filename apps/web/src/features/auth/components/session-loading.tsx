/** What a guarded page shows while the session is checked (route table: 'Loading...'). */
export function SessionLoading() {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center p-8">
      <p role="status" className="text-muted-foreground">
        Loading...
      </p>
    </div>
  );
}
