package record

// The record's tests build records under every reading: importing
// matcher/readings registers them all, as the program does.
import _ "robots-explorer/matcher/readings"
