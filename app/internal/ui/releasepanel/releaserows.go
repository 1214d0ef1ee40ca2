package releasepanel

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/release"
	"robots-explorer/app/internal/releaseview"
	"robots-explorer/app/internal/ui/parts"
	"robots-explorer/app/internal/view"
)

// Sizes of the virtual table: every row is one line of a fixed height, so
// that the row at a scroll position is a division away.
const (
	releaseRowHeight = 30  // px, as the stylesheet's .vrow
	releaseRowsShown = 16  // rows in the scroller's height
	releaseOverscan  = 8   // rows rendered past each edge, so that a fast wheel shows no blank
	releaseRowsMax   = 480 // px: releaseRowsShown × releaseRowHeight, below the header row
)

// releaseRows is the results table of a release check, virtualised: a
// spacer of the full height scrolls in its box, and only the rows in view
// (and a few past each edge) are rendered, positioned at the scroll
// offset. Scrolling re-renders only this component: its update is taken
// back from the panel and the page around it (Host).
type releaseRows struct {
	app.Compo

	View *releaseview.View
	Seq  int // changes with every new view
	// Host is the mounted panel's context: a scroll's update is prevented
	// from it upwards, so that only the rows render again.
	Host *app.Context

	ctx      app.Context
	first    int // the first row rendered
	seen     int // the Seq shown
	window   []releaseview.Pair
	onScroll app.Func
}

func (r *releaseRows) OnMount(ctx app.Context) {
	r.ctx = ctx
	r.fill()
	ctx.Defer(func(app.Context) { r.listen(); r.place() })
}

// place sizes the scroller and the spacer and moves the window to its
// rows, through the elements' style objects: the page's Content Security
// Policy (style-src 'self') refuses style attributes, which is how go-app
// writes Style.
func (r *releaseRows) place() {
	n := r.rows()
	set := func(id, prop, value string) {
		if el := app.Window().GetElementByID(id); el.Truthy() {
			el.Get("style").Call("setProperty", prop, value)
		}
	}
	set("release-rows", "height", strconv.Itoa(releaseRowHeight+min(max(n, 1)*releaseRowHeight, releaseRowsMax))+"px") // the header row, then the rows
	set("release-spacer", "height", strconv.Itoa(n*releaseRowHeight)+"px")
	set("release-window", "transform", "translateY("+strconv.Itoa(r.first*releaseRowHeight)+"px)")
}

func (r *releaseRows) OnDismount() {
	if r.onScroll != nil {
		if el := r.scroller(); el.Truthy() {
			el.Call("removeEventListener", "scroll", r.onScroll)
		}
		r.onScroll.Release()
		r.onScroll = nil
	}
}

func (r *releaseRows) OnUpdate(ctx app.Context) {
	if r.Seq != r.seen {
		r.first = 0
		ctx.Defer(func(app.Context) {
			if el := r.scroller(); el.Truthy() {
				el.Set("scrollTop", 0)
			}
		})
	}
	r.fill()
	ctx.Defer(func(app.Context) { r.place() })
}

func (r *releaseRows) scroller() app.Value { return app.Window().GetElementByID("release-rows") }

// listen follows the scroller outside go-app's events: a scroll that
// moves the window re-renders the rows, one that does not re-renders
// nothing.
func (r *releaseRows) listen() {
	el := r.scroller()
	if r.onScroll != nil || !el.Truthy() {
		return
	}
	r.onScroll = app.FuncOf(func(app.Value, []app.Value) any {
		first := firstRow(el.Get("scrollTop").Float(), r.rows())
		if first == r.first {
			return nil
		}
		r.ctx.Dispatch(func(ctx app.Context) {
			r.first = first
			r.fill()
			if r.Host != nil {
				r.Host.PreventUpdate()
			}
			ctx.Defer(func(app.Context) { r.place() }) // with the rows, in the same frame
		})
		return nil
	})
	el.Call("addEventListener", "scroll", r.onScroll, map[string]any{"passive": true})
}

func (r *releaseRows) rows() int {
	if r.View == nil {
		return 0
	}
	return r.View.Len()
}

// firstRow is the first row to render at a scroll offset, in a table of
// n rows.
func firstRow(scrollTop float64, n int) int {
	first := int(scrollTop)/releaseRowHeight - releaseOverscan
	return max(0, min(first, n-releaseRowsShown-2*releaseOverscan))
}

// fill spells out the rows of the window.
func (r *releaseRows) fill() {
	r.seen = r.Seq
	r.window = r.window[:0]
	end := min(r.first+releaseRowsShown+2*releaseOverscan, r.rows())
	for i := r.first; i < end; i++ {
		r.window = append(r.window, r.View.Pair(i))
	}
}

func (r *releaseRows) Render() app.UI {
	n := r.rows()
	// The scroller is the table, so that its rows are its own: a
	// focusable box between a table and its rows breaks the table for
	// assistive technology (axe: aria-required-children). The header row
	// sticks to its top.
	return app.Elem("div").Class("vtable").Body(
		app.Elem("div").ID("release-rows").Class("vscroll").Attr("role", "table").Attr("tabindex", 0).
			Aria("label", "Pairs of URL and crawler, scrollable").Aria("rowcount", n+1).Body(
			app.Elem("div").Class("vhead-group").Attr("role", "rowgroup").Body(
				app.Elem("div").Class("vrow vhead").Attr("role", "row").Aria("rowindex", 1).Body(
					app.Elem("span").Attr("role", "columnheader").Text("Crawler"),
					app.Elem("span").Attr("role", "columnheader").Text("URL"),
					app.Elem("span").Attr("role", "columnheader").Text("Before (production)"),
					app.Elem("span").Attr("role", "columnheader").Text("After (candidate)"),
				),
			),
			app.Elem("div").ID("release-spacer").Class("vspacer").Body(
				app.Elem("div").ID("release-window").Class("vwindow").Attr("role", "rowgroup").Body(
					app.Range(r.window).Slice(func(i int) app.UI { return renderReleaseRow(r.window[i], r.first+i) }),
				),
			),
		),
		app.If(n == 0, func() app.UI { return app.Elem("p").ID("release-empty").Text("No pair matches the filters.") }),
	)
}

func renderReleaseRow(p releaseview.Pair, i int) app.UI {
	changed := p.Changed()
	class := "vrow"
	if changed {
		class += " changed"
	}
	return app.Elem("div").Class(class).Attr("role", "row").Aria("rowindex", i+2).
		DataSet("crawler", p.Crawler).DataSet("url", p.URL).DataSet("before", p.Old.Word()).DataSet("after", p.New.Word()).
		DataSet("changed", changed).Body(
		app.Elem("span").Attr("role", "cell").Class("vcrawler").Text(p.Crawler),
		app.Elem("span").Attr("role", "cell").Class("vurl").Attr("title", view.Clipped(p.URL)).Text(view.Clipped(p.URL)),
		renderReleaseVerdict(p.Old),
		renderReleaseVerdict(p.New),
	)
}

func renderReleaseVerdict(v release.Verdict) app.UI {
	w := v.Word()
	return app.Elem("span").Attr("role", "cell").Class("vverdict").Attr("title", view.Clipped(v.Decided())).Body(
		app.Elem("span").Class("badge", w).Text(parts.VerdictText(w)),
		app.Elem("span").Class("vdecided").Text(" "+view.Clipped(v.Decided())),
	)
}
