package parts

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// TableHead is a table's header row: each column's heading is a th whose
// scope says it heads a column, so that screen readers announce it with
// each cell below.
func TableHead(cols ...string) app.UI {
	ths := make([]app.UI, len(cols))
	for i, c := range cols {
		ths[i] = app.Elem("th").Attr("scope", "col").Text(c)
	}
	return app.Elem("thead").Body(app.Elem("tr").Body(ths...))
}
