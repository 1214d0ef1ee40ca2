// Package crawlergrid draws a grid of verdicts, URLs by crawlers
// (crawlerview.Grid), for the explorer's crawler matrix and the release
// check's alike: windowed both ways, an ARIA grid whose cells open their
// explanation; and the choice of crawlers both offer.
package crawlergrid

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/crawlerview"
	"robots-explorer/app/internal/view"
)

// Sizes of the matrix: cells of one fixed size, so that the cells at a
// scroll position are a division away in both directions.
const (
	matrixRowHeight = 30  // px, as the stylesheet's .mrow
	matrixColWidth  = 88  // px, as the stylesheet's .mcell: a crawler's name wraps at its hyphens, seldom inside a word
	matrixURLWidth  = 180 // px, as the stylesheet's .murl: the sticky URL column
	matrixRowsShown = 16  // rows in the scroller's height
	matrixOverscan  = 4   // rows rendered past each edge, at least
	// matrixStep is how many rows the window moves at a time: a cell
	// costs more than a table row's cell, and a window that moves every
	// fourth row renders a quarter as often.
	matrixStep       = 4
	matrixWindowRows = matrixRowsShown + 2*matrixOverscan + matrixStep
	matrixColsOver   = 1 // columns rendered past each edge
	matrixColsMin    = 4 // columns rendered before the scroller's width is known
)

// Options are what differs between the pages that show a grid.
type Options struct {
	// ID names the grid's elements: ID+"-matrix" is the scroller,
	// ID+"-cell" the opened cell's explanation.
	ID string
	// Counter is the name its renders are counted under
	// (browser.CountRender).
	Counter string
	Empty   string // what an empty grid says
	Hint    string // what the explanation says before a cell is opened
}

// grid is the crawler × URL grid, windowed both ways like a virtual
// table: a spacer of the full size scrolls in its box, and only the cells
// in view (and a few past each edge) are in the document. It is an ARIA
// grid with one tab stop: the arrow keys, Home, End, Page Up and Page
// Down move the active cell, Enter or Space (or a click) opens its
// explanation below the grid. The rows' headers are paths when every URL
// has the same host, shown once above; the columns' headers are the
// crawlers' whole names. What a cell shows and explains is the Grid's.
type grid struct {
	app.Compo

	Grid crawlerview.Grid
	Seq  int // changes with every new grid
	// Host is the context of the component around the grid: a scroll's
	// or a key's update is prevented from it upwards, so that only the
	// grid renders again.
	Host *app.Context
	Opts Options

	ctx                app.Context
	seen               int
	first, firstCol    int // the first row and column rendered
	cols               int // the columns rendered
	row, col           int // the active cell
	opened             bool
	openRow, openCol   int
	explained          crawlerview.Explanation
	onScroll           app.Func
	scrollTop, scrollX float64
}

// New is the grid of g; seq changes with every new grid, host is the
// context of the component that shows it (see grid.Host).
func New(g crawlerview.Grid, seq int, host *app.Context, o Options) app.UI {
	return &grid{Grid: g, Seq: seq, Host: host, Opts: o}
}

func (m *grid) OnMount(ctx app.Context) {
	m.ctx = ctx
	m.seen = m.Seq
	m.cols = matrixColsMin
	ctx.Defer(func(app.Context) { m.listen(); m.settle() })
}

// settle fits the window to the scroller once it is in the page (its
// width decides how many columns show), and renders again if that moved
// the window.
func (m *grid) settle() {
	m.place()
	if m.measure() {
		m.ctx.Dispatch(func(ctx app.Context) {
			m.alone()
			ctx.Defer(func(app.Context) { m.place() })
		})
	}
}

func (m *grid) OnDismount() {
	if m.onScroll != nil {
		if el := m.scroller(); el.Truthy() {
			el.Call("removeEventListener", "scroll", m.onScroll)
		}
		m.onScroll.Release()
		m.onScroll = nil
	}
}

func (m *grid) OnUpdate(ctx app.Context) {
	if m.Seq != m.seen {
		m.seen = m.Seq
		m.first, m.firstCol, m.row, m.col, m.opened = 0, 0, 0, 0, false
		ctx.Defer(func(app.Context) {
			if el := m.scroller(); el.Truthy() {
				el.Set("scrollTop", 0)
				el.Set("scrollLeft", 0)
			}
		})
	}
	ctx.Defer(func(app.Context) { m.settle() })
}

// OnResize fits the window to the scroller's new width: a wider box
// shows more columns.
func (m *grid) OnResize(ctx app.Context) {
	if !m.measure() {
		ctx.PreventUpdate()
		return
	}
	m.alone()
	ctx.Defer(func(app.Context) { m.place() })
}

func (m *grid) scroller() app.Value { return app.Window().GetElementByID(m.Opts.ID + "-matrix") }

// headHeight is the height of the header row, which grows with the
// crawlers' names it wraps; one row's before it is in the page.
func (m *grid) headHeight() int {
	sel := "#" + m.Opts.ID + "-matrix .mhead"
	if el := app.Window().Get("document").Call("querySelector", sel); el.Truthy() {
		if h := el.Get("offsetHeight").Int(); h > 0 {
			return h
		}
	}
	return matrixRowHeight
}

// listen follows the scroller outside go-app's events: a scroll that moves the window re-renders the grid alone.
func (m *grid) listen() {
	el := m.scroller()
	if m.onScroll != nil || !el.Truthy() {
		return
	}
	m.onScroll = app.FuncOf(func(app.Value, []app.Value) any {
		if !m.measure() {
			return nil
		}
		m.ctx.Dispatch(func(ctx app.Context) {
			m.alone()
			ctx.Defer(func(app.Context) { m.place() })
		})
		return nil
	})
	el.Call("addEventListener", "scroll", m.onScroll, map[string]any{"passive": true})
}

// measure reads the scroller's offsets and width and moves the window to
// them; it reports whether the window moved.
func (m *grid) measure() bool {
	el := m.scroller()
	if !el.Truthy() {
		return false
	}
	m.scrollTop, m.scrollX = el.Get("scrollTop").Float(), el.Get("scrollLeft").Float()
	first, firstCol, cols := matrixWindow(m.scrollTop, m.scrollX, el.Get("clientWidth").Float(), m.Grid.Rows(), m.Grid.Columns())
	if first == m.first && firstCol == m.firstCol && cols == m.cols {
		return false
	}
	m.first, m.firstCol, m.cols = first, firstCol, cols
	return true
}

// matrixWindow is the first row, the first column and the number of
// columns to render at a scroll position, in a box width px wide, of a
// grid of n rows and nc columns.
func matrixWindow(top, left, width float64, n, nc int) (first, firstCol, cols int) {
	first = max(0, min(int(top)/matrixRowHeight/matrixStep*matrixStep-matrixOverscan, n-matrixWindowRows))
	inView := max(0, int(width)-matrixURLWidth)/matrixColWidth + 2 // a part-column each side
	cols = max(matrixColsMin, inView+2*matrixColsOver)
	firstCol = max(0, min(int(left)/matrixColWidth-matrixColsOver, nc-cols))
	return first, firstCol, min(cols, nc)
}

// place sizes the scroller and the spacer and moves the window, through
// the elements' style objects: the page's Content Security Policy
// (style-src 'self') refuses style attributes, which is how go-app
// writes Style. The header row, sticky at the top, covers its own
// height of the box, so a row's place below it is a division away.
func (m *grid) place() {
	n, nc := m.Grid.Rows(), m.Grid.Columns()
	set := func(id, prop, value string) {
		if el := app.Window().GetElementByID(id); el.Truthy() {
			el.Get("style").Call("setProperty", prop, value)
		}
	}
	px := func(v int) string { return strconv.Itoa(v) + "px" }
	id := m.Opts.ID + "-matrix"
	set(id, "height", px(m.headHeight()+min(max(n, 1)*matrixRowHeight, matrixRowsShown*matrixRowHeight)))
	set(id, "--matrix-width", px(matrixURLWidth+nc*matrixColWidth))
	set(id, "--matrix-pad", px(m.firstCol*matrixColWidth))
	set(id+"-spacer", "height", px(n*matrixRowHeight))
	set(id+"-window", "transform", "translateY("+px(m.first*matrixRowHeight)+")")
}

// alone takes this component's update back from the components and the
// page around it.
func (m *grid) alone() {
	if m.Host != nil {
		m.Host.PreventUpdate()
	}
}

// onKey moves the active cell or opens it.
func (m *grid) onKey(ctx app.Context, ev app.Event) {
	n, nc := m.Grid.Rows(), m.Grid.Columns()
	row, col, ok := matrixMove(ev.Get("key").String(), ev.Get("ctrlKey").Bool(), m.row, m.col, n, nc)
	if !ok {
		if k := ev.Get("key").String(); (k == "Enter" || k == " ") && n > 0 {
			ev.PreventDefault()
			m.open(m.row, m.col)
			m.alone()
			return
		}
		ctx.PreventUpdate()
		return
	}
	ev.PreventDefault() // the arrows would scroll the box, Space the page
	m.row, m.col = row, col
	m.reveal()
	m.alone()
	ctx.Defer(func(app.Context) { m.place(); m.focusActive() })
}

// matrixMove is where a key moves the active cell of a grid of n rows
// and nc columns, as the ARIA grid pattern has it; ok is false for a key
// that does not move it.
func matrixMove(key string, ctrl bool, row, col, n, nc int) (int, int, bool) {
	if n == 0 || nc == 0 {
		return row, col, false
	}
	switch key {
	case "ArrowDown":
		row++
	case "ArrowUp":
		row--
	case "ArrowRight":
		col++
	case "ArrowLeft":
		col--
	case "PageDown":
		row += matrixRowsShown
	case "PageUp":
		row -= matrixRowsShown
	case "Home":
		col = 0
		if ctrl {
			row = 0
		}
	case "End":
		col = nc - 1
		if ctrl {
			row = n - 1
		}
	default:
		return row, col, false
	}
	return max(0, min(row, n-1)), max(0, min(col, nc-1)), true
}

// reveal scrolls the active cell into view and moves the window with it.
func (m *grid) reveal() {
	el := m.scroller()
	if !el.Truthy() {
		return
	}
	h, w := el.Get("clientHeight").Float()-float64(m.headHeight()), el.Get("clientWidth").Float()-matrixURLWidth
	top, left := revealOffset(el.Get("scrollTop").Float(), h, m.row*matrixRowHeight, matrixRowHeight),
		revealOffset(el.Get("scrollLeft").Float(), w, m.col*matrixColWidth, matrixColWidth)
	el.Set("scrollTop", top)
	el.Set("scrollLeft", left)
	m.measure()
}

// revealOffset is the scroll offset that shows an item at pos of size
// size in a view of length view scrolled to offset, moving it the least.
func revealOffset(offset, view float64, pos, size int) float64 {
	switch {
	case float64(pos) < offset:
		return float64(pos)
	case float64(pos+size) > offset+view:
		return float64(pos+size) - view
	}
	return offset
}

func (m *grid) focusActive() {
	sel := `#` + m.Opts.ID + `-matrix .mrow[data-row="` + strconv.Itoa(m.row) + `"] .mcell[data-col="` + strconv.Itoa(m.col) + `"]`
	if el := app.Window().Get("document").Call("querySelector", sel); el.Truthy() {
		el.Call("focus", map[string]any{"preventScroll": true})
	}
}

// onClick opens the cell clicked.
func (m *grid) onClick(ctx app.Context, ev app.Event) {
	cell := ev.Get("target").Call("closest", ".mcell[data-col]")
	if !cell.Truthy() || !cell.Call("closest", ".mrow[data-row]").Truthy() {
		ctx.PreventUpdate()
		return
	}
	row, _ := strconv.Atoi(cell.Call("closest", ".mrow[data-row]").Get("dataset").Get("row").String())
	col, _ := strconv.Atoi(cell.Get("dataset").Get("col").String())
	if row < 0 || row >= m.Grid.Rows() || col < 0 || col >= m.Grid.Columns() {
		ctx.PreventUpdate()
		return
	}
	m.row, m.col = row, col
	m.open(row, col)
	m.alone()
}

func (m *grid) open(row, col int) {
	m.opened, m.openRow, m.openCol = true, row, col
	m.explained = m.Grid.Explain(row, col)
}

func (m *grid) Render() app.UI {
	browser.CountRender(m.Opts.Counter)
	mx, id := m.Grid, m.Opts.ID+"-matrix"
	n, nc := mx.Rows(), mx.Columns()
	rows, cols := m.window()
	// The tab stop is the active cell, or the window's first while the
	// active one is scrolled out of the document.
	stopRow, stopCol := m.row, m.col
	if m.row < m.first || m.row >= m.first+len(rows) || m.col < m.firstCol || m.col >= m.firstCol+len(cols) {
		stopRow, stopCol = m.first, m.firstCol
	}
	host := mx.Host()
	return app.Elem("div").Class("mtable").Body(
		app.If(host != "", func() app.UI {
			return app.Elem("p").ID(id+"-host").Class("mhost").Body(app.Text("Every URL is on "), app.Elem("code").Text(view.Clipped(host)),
				app.Text(": the rows show the path and query."))
		}),
		app.Elem("div").ID(id).Class("vscroll mscroll").Attr("role", "grid").
			Aria("label", "Verdicts, URLs by crawlers: arrow keys move, Enter opens a cell").
			Aria("rowcount", n+1).Aria("colcount", nc+1).OnKeyDown(m.onKey).OnClick(m.onClick).Body(
			app.Elem("div").Class("mhead-group").Attr("role", "rowgroup").Body(
				app.Elem("div").Class("mrow mhead").Attr("role", "row").Aria("rowindex", 1).Body(
					app.Elem("span").Class("murl").Attr("role", "columnheader").Aria("colindex", 1).Text(urlHeader(host)),
					app.Elem("span").Class("mpad").Aria("hidden", "true"),
					app.Range(cols).Slice(func(k int) app.UI {
						return app.Elem("span").Class("mcell").Attr("role", "columnheader").Aria("colindex", cols[k]+2).Text(mx.Crawler(cols[k]))
					}),
				),
			),
			app.Elem("div").ID(id+"-spacer").Class("mspacer").Body(
				app.Elem("div").ID(id+"-window").Class("vwindow").Attr("role", "rowgroup").Body(
					app.Range(rows).Slice(func(k int) app.UI { return m.renderRow(rows[k], cols, stopRow, stopCol) }),
				),
			),
		),
		app.If(n == 0, func() app.UI { return app.Elem("p").ID(id + "-empty").Text(m.Opts.Empty) }),
		m.renderExplanation(),
	)
}

// window is the rows and the columns rendered.
func (m *grid) window() (rows, cols []int) {
	n, nc := m.Grid.Rows(), m.Grid.Columns()
	last := min(m.firstCol+max(m.cols, matrixColsMin), nc)
	rows = make([]int, 0, matrixWindowRows)
	for i := m.first; i < min(m.first+matrixWindowRows, n); i++ {
		rows = append(rows, i)
	}
	cols = make([]int, 0, max(last-m.firstCol, 0))
	for j := m.firstCol; j < last; j++ {
		cols = append(cols, j)
	}
	return rows, cols
}

// urlHeader names the rows' headers: paths when the host is shown once.
func urlHeader(host string) string {
	if host != "" {
		return "Path"
	}
	return "URL"
}

func (m *grid) renderRow(i int, cols []int, stopRow, stopCol int) app.UI {
	path := view.Clipped(m.Grid.Path(i))
	return app.Elem("div").Class("mrow").Attr("role", "row").Aria("rowindex", i+2).DataSet("row", i).DataSet("url", m.Grid.URL(i)).Body(
		app.Elem("span").Class("murl").Attr("role", "rowheader").Aria("colindex", 1).Attr("title", path).Text(path),
		app.Elem("span").Class("mpad").Aria("hidden", "true"),
		app.Range(cols).Slice(func(k int) app.UI {
			j := cols[k]
			c := m.Grid.Shown(i, j)
			tab := -1
			if i == stopRow && j == stopCol {
				tab = 0
			}
			// As little as a cell needs, for a scroll rewrites it in
			// every cell rendered: the row is the row's, the column's
			// header names the crawler, the stylesheet draws the mark
			// for the class, and the label says it in words.
			cell := app.Elem("span").Class("mcell", c.Class).Attr("role", "gridcell").Attr("tabindex", tab).Aria("colindex", j+2).
				Aria("label", c.Label).DataSet("col", j)
			if m.opened && i == m.openRow && j == m.openCol {
				cell = cell.Aria("selected", true) // only when set: the other cells carry no aria-selected at all
			}
			return cell
		}),
	)
}

// renderExplanation is the opened cell's explanation, a line each as
// crawlerview's Explanation.Text has them.
func (m *grid) renderExplanation() app.UI {
	return app.Elem("div").ID(m.Opts.ID+"-cell").Class("release-cell").Attr("role", "region").Aria("label", "The opened cell").Aria("live", "polite").Body(
		app.If(!m.opened, func() app.UI {
			return app.Elem("p").Class("scope-label").Text(m.Opts.Hint)
		}).Else(func() app.UI {
			e := m.explained
			return app.Elem("div").Body(
				app.Elem("h4").Class("cell-line").Text(view.Clipped(e.Headline)),
				app.Range(e.Sides).Slice(func(k int) app.UI { return renderSide(e.Sides[k]) }),
			)
		}),
	)
}

func renderSide(s crawlerview.Side) app.UI {
	return app.Elem("div").Class("cell-side").Body(
		app.Elem("p").Class("cell-line").Body(
			app.Elem("strong").Text(s.File+": "),
			app.Elem("span").Class("badge", s.Verdict).Text(s.Verdict),
			app.Text(", "+view.Clipped(s.Deciding)+"."),
		),
		app.Elem("p").Class("cell-line cell-reason").Text(view.Clipped(s.Reason)),
	)
}
