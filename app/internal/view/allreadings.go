package view

// The program shows and compares every reading the project implements; the
// readings other than RFC 9309 live in packages above the matcher's core
// and register with it when matcher/readings is imported.
import _ "robots-explorer/matcher/readings"
