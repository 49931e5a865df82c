// Loaded before Pyodide (a classic script, so it runs first): hide WebAssembly stack switching (JSPI),
// so Pyodide runs without it as it does in Firefox and Safari. Chromium's JSPI has open reports of
// renderer crashes under Pyodide's asynchronous start (pyodide#5702, #6106), and the game never needs
// to block on a promise. The AI benchmark page loads this same file, so it measures what the game runs.
for (const name of ["Suspending", "promising", "Suspender"]) {
  try { delete WebAssembly[name]; } catch (e) { /* not configurable: Pyodide will use it */ }
}
