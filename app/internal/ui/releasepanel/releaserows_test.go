package releasepanel

import "testing"

// The window starts a few rows above the first row in view, and never so
// far down that the last rows would leave the window short.
func TestFirstRow(t *testing.T) {
	window := releaseRowsShown + 2*releaseOverscan
	for _, tc := range []struct {
		top  float64
		n    int
		want int
	}{
		{0, 100_000, 0},
		{float64(releaseOverscan * releaseRowHeight), 100_000, 0},
		{float64(100 * releaseRowHeight), 100_000, 100 - releaseOverscan},
		{float64(100*releaseRowHeight + releaseRowHeight - 1), 100_000, 100 - releaseOverscan},
		{1e9, 100_000, 100_000 - window},
		{500, 10, 0}, // fewer rows than a window
	} {
		if got := firstRow(tc.top, tc.n); got != tc.want {
			t.Errorf("firstRow(%v, %d) = %d, want %d", tc.top, tc.n, got, tc.want)
		}
	}
}
