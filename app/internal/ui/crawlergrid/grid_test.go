package crawlergrid

import "testing"

// The matrix's window starts a few rows and columns before the first in
// view, holds the columns the box's width shows and a few more, and never
// runs past the last.
func TestMatrixWindow(t *testing.T) {
	wide := (1000-matrixURLWidth)/matrixColWidth + 2 + 2*matrixColsOver
	for _, tc := range []struct {
		name                  string
		top, left, width      float64
		n, nc                 int
		first, firstCol, cols int
	}{
		{"the top left", 0, 0, 1000, 100_000, 40, 0, 0, wide},
		{"scrolled down and right", 100 * matrixRowHeight, 10 * matrixColWidth, 1000, 100_000, 40, 100 - matrixOverscan, 10 - matrixColsOver, wide},
		{"a row further, the same window", 101*matrixRowHeight + 29, 10 * matrixColWidth, 1000, 100_000, 40, 100 - matrixOverscan, 10 - matrixColsOver, wide},
		{"a step further, the next window", 104 * matrixRowHeight, 0, 1000, 100_000, 40, 104 - matrixOverscan, 0, wide},
		{"past the end", 1e9, 1e9, 1000, 100_000, 40, 100_000 - matrixWindowRows, 40 - wide, wide},
		{"fewer columns than fit", 0, 500, 1000, 10, 3, 0, 0, 3},
		{"a box narrower than the URLs still renders a few", 0, 0, 100, 10, 40, 0, 0, 2 + 2*matrixColsOver},
	} {
		first, firstCol, cols := matrixWindow(tc.top, tc.left, tc.width, tc.n, tc.nc)
		if first != tc.first || firstCol != tc.firstCol || cols != tc.cols {
			t.Errorf("%s: window (%d, %d, %d), want (%d, %d, %d)", tc.name, first, firstCol, cols, tc.first, tc.firstCol, tc.cols)
		}
	}
}

// The keys move the active cell as the ARIA grid pattern has them, and
// never off the grid.
func TestMatrixMove(t *testing.T) {
	for _, tc := range []struct {
		key        string
		ctrl       bool
		row, col   int
		wantRow    int
		wantCol    int
		wantHandle bool
	}{
		{"ArrowDown", false, 0, 0, 1, 0, true},
		{"ArrowUp", false, 0, 0, 0, 0, true},
		{"ArrowRight", false, 3, 9, 3, 9, true}, // the last column
		{"ArrowLeft", false, 3, 5, 3, 4, true},
		{"PageDown", false, 90, 1, 99, 1, true},
		{"PageUp", false, 20, 1, 20 - matrixRowsShown, 1, true},
		{"Home", false, 7, 5, 7, 0, true},
		{"End", false, 7, 5, 7, 9, true},
		{"Home", true, 7, 5, 0, 0, true},
		{"End", true, 7, 5, 99, 9, true},
		{"Enter", false, 7, 5, 7, 5, false},
		{"a", false, 7, 5, 7, 5, false},
	} {
		row, col, ok := matrixMove(tc.key, tc.ctrl, tc.row, tc.col, 100, 10)
		if row != tc.wantRow || col != tc.wantCol || ok != tc.wantHandle {
			t.Errorf("%s (ctrl %v) from (%d, %d): (%d, %d, %v), want (%d, %d, %v)", tc.key, tc.ctrl, tc.row, tc.col, row, col, ok, tc.wantRow, tc.wantCol, tc.wantHandle)
		}
	}
	if _, _, ok := matrixMove("ArrowDown", false, 0, 0, 0, 0); ok {
		t.Error("a key moves in an empty grid")
	}
}

func TestRevealOffset(t *testing.T) {
	for _, tc := range []struct {
		offset, view float64
		pos, size    int
		want         float64
	}{
		{0, 300, 60, 30, 0},       // in view: stays
		{100, 300, 60, 30, 60},    // above: its top at the top
		{0, 300, 300, 30, 30},     // below: its bottom at the bottom
		{0, 300, 270, 30, 0},      // just in view
		{500, 300, 1000, 30, 730}, // far below
	} {
		if got := revealOffset(tc.offset, tc.view, tc.pos, tc.size); got != tc.want {
			t.Errorf("revealOffset(%v, %v, %d, %d) = %v, want %v", tc.offset, tc.view, tc.pos, tc.size, got, tc.want)
		}
	}
}
