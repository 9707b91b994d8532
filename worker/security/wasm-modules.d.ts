// wrangler (esbuild) and vitest-pool-workers turn `import m from '….wasm'` into a compiled
// WebAssembly.Module (Workers cannot compile WebAssembly from bytes at run time). See decision 010.
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
