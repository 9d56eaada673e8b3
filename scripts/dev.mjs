// `npm run dev`: the API with restart on change, and Vite with hot reload proxying /api to it.
import { spawn } from 'node:child_process';

// The browser talks to Vite, so Vite's address is the app's public origin: mail links point there
// and mutating requests arrive with that Origin (decision 003).
const appOrigin = process.env.APP_ORIGIN ?? 'http://localhost:5173';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@btcp/server'], {
    stdio: 'inherit',
    env: { ...process.env, APP_ORIGIN: appOrigin },
  }),
  spawn('npm', ['run', 'dev', '-w', '@btcp/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
