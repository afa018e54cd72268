// Package archtest holds the test that keeps the import rules of
// ARCHITECTURE.md true: which packages of the module each package may
// import, and the order of each file's import groups. It has no code of
// its own.
package archtest
