package crawlergrid

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/releaseview"
)

// A Picker is the choice of crawlers: one of the presets, or the
// person's own list (releaseview.Presets, releaseview.Choose).
type Picker struct {
	// ID names the elements: ID+"-preset", ID+"-own", ID+"-crawler-error".
	ID     string
	Preset string // a preset's ID; "" for None
	Own    string // the own list, while Preset is releaseview.Own
	Err    string // why the choice gives no crawlers
	// None, when set, is the label of a first choice of no crawler at
	// all.
	None            string
	OnPreset, OnOwn app.EventHandler
}

// NoPreset is the value of the choice of no crawler (Picker.None): an
// option with an empty value has none, and the browser then gives its
// text.
const NoPreset = "none"

// Render draws the picker: the presets' chooser, the own list's field
// while it is chosen, and what is wrong with the choice.
func (p Picker) Render() app.UI {
	return app.Elem("div").Class("field").Body(
		app.Elem("label").Attr("for", p.ID+"-preset").Text("Crawlers"),
		app.Elem("select").ID(p.ID+"-preset").OnChange(p.OnPreset).Body(
			app.If(p.None != "", func() app.UI {
				return app.Elem("option").Attr("value", NoPreset).Attr("selected", p.Preset == "").Text(p.None)
			}),
			app.Range(releaseview.Presets).Slice(func(i int) app.UI {
				pr := releaseview.Presets[i]
				return app.Elem("option").Attr("value", pr.ID).Attr("selected", pr.ID == p.Preset).Text(pr.Label)
			}),
		),
		app.If(p.Preset == releaseview.Own, func() app.UI {
			return app.ElemSelfClosing("input").ID(p.ID+"-own").Attr("type", "text").Attr("value", p.Own).Spellcheck(false).
				Aria("label", "Your crawlers, comma-separated").Attr("placeholder", "GPTBot, Googlebot-Image, ai-training").OnInput(p.OnOwn)
		}),
		app.If(p.Err != "", func() app.UI {
			return app.Elem("p").ID(p.ID + "-crawler-error").Class("file-problem").Text(p.Err)
		}),
	)
}
