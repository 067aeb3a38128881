import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always a production build: the README lists `development` as NODE_ENV's default,
  // and with it set Vite and the React plugin would ship React's development build (decision 035).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    mode: command === 'build' ? 'production' : undefined,
    plugins: [react(), tailwindcss(), precompress()],
    resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
    define:
      command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      sourcemap: false,
      copyPublicDir: !isSsrBuild,
    },
    // The server entry carries its own production React (and everything that imports React), so
    // the server renders with it whatever NODE_ENV the server process runs with.
    ssr: { noExternal: true },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:5000', '/uploads': 'http://localhost:5000' },
    },
  };
});
