package matcher

// PauseEvery is how many lines a parse reads between two calls of
// ParseOptions.Pause: a few hundred microseconds of work natively, a few
// milliseconds compiled to WebAssembly, so that the hook can keep each
// slice of a parse short without being called for every line.
const PauseEvery = 256

// Pace is for a reading's loops over the lines: called with the index of
// the line about to be read, it calls the parse's Pause hook every
// PauseEvery lines. Without a hook it costs a load and a comparison.
func (s *Scanner) Pace(i int) {
	if pause := s.File.opts.Pause; pause != nil && i%PauseEvery == PauseEvery-1 {
		pause()
	}
}
