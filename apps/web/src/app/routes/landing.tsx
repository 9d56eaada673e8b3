export function Component() {
  return <h1>Landing</h1>;
}
