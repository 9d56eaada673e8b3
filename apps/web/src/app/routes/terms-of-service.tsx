export function Component() {
  return <h1>TermsOfService</h1>;
}
