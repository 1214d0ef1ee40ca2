package python

import "robots-explorer/matcher"

// The reading is registered for its own tests, as matcher/readings
// registers it for a program, so that matcher.Parse reads by it.
func init() { matcher.Register(Reader{}) }
