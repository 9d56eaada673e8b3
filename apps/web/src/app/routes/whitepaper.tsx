export function Component() {
  return <h1>Whitepaper</h1>;
}
