export function Component() {
  return <h1>NotFound</h1>;
}
