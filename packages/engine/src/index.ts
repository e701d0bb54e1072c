// The background-removal engine. Filled in by the engine issue.
export {};
