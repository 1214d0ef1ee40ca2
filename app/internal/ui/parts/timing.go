package parts

import "time"

// Debounce is how long typing must pause before the input is analysed.
const Debounce = 120 * time.Millisecond

// CompareDelay separates the steps of the other readings' comparison:
// long enough for the browser to paint the chosen reading's verdicts and
// to take a keystroke between two parses.
const CompareDelay = 15 * time.Millisecond
