// The page's editor: CodeMirror 6 behind a small API on window.robotsEditor
// that the Go UI (app/internal/ui/codeeditor.go) calls through syscall/js.
// Each editor lives in a host element; the API finds it by that element.

import {EditorState, StateEffect, StateField, Compartment, Transaction} from "@codemirror/state";
import {EditorView, Decoration, keymap, lineNumbers, gutter, GutterMarker, highlightActiveLine,
  highlightSpecialChars, drawSelection} from "@codemirror/view";
import {defaultKeymap, history, historyKeymap} from "@codemirror/commands";
import {search, searchKeymap, highlightSelectionMatches} from "@codemirror/search";
import {setDiagnostics, lintGutter} from "@codemirror/lint";
import {StyleModule} from "style-mod";

// CodeMirror writes its styles through style-mod, which puts them in a
// <style> element when the document has a head: the page's CSP
// (style-src 'self') refuses that. For a root without a head it uses a
// constructed sheet (adoptedStyleSheets), which CSP allows, and the first
// mount settles the choice for the document; so the first mount is made
// with the head hidden.
Object.defineProperty(document, "head", {value: null, configurable: true});
try {
  StyleModule.mount(document, new StyleModule({}));
} finally {
  delete document.head;
}

// The marks of the chosen URL: per line a class and a symbol (never colour
// alone), the rule text highlighted, and the groups that apply or not.
const setMarks = StateEffect.define();

class SymbolMarker extends GutterMarker {
  constructor(symbol, cls, label) { super(); this.symbol = symbol; this.cls = cls; this.label = label; }
  eq(o) { return o.symbol === this.symbol && o.cls === this.cls && o.label === this.label; }
  toDOM() {
    const s = document.createElement("span");
    s.className = "cm-mark-symbol cm-mark-" + this.cls;
    s.textContent = this.symbol;
    s.title = this.label;
    return s;
  }
}

// marks holds the decorations and the gutter symbols, rebuilt from the
// marks Go sends and mapped through edits until the next ones arrive.
const marks = StateField.define({
  create: () => ({deco: Decoration.none, symbols: new Map()}),
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setMarks)) return build(tr.state, e.value);
    if (!tr.docChanged) return value;
    return {deco: value.deco.map(tr.changes), symbols: value.symbols, stale: true};
  },
  provide: f => EditorView.decorations.from(f, v => v.deco),
});

function lineOf(doc, n) { return n >= 1 && n <= doc.lines ? doc.line(n) : null; }

function build(state, m) {
  const doc = state.doc, ranges = [], symbols = new Map();
  const lineDeco = cls => Decoration.line({class: cls});
  for (const g of m.groups || []) {
    const cls = g.applies ? "cm-group-applies" : "cm-group-other";
    for (let n = g.from; n <= Math.min(g.to, doc.lines); n++) {
      const l = lineOf(doc, n);
      if (l) ranges.push(lineDeco(cls).range(l.from));
    }
  }
  for (const x of m.lines || []) {
    const l = lineOf(doc, x.line);
    if (!l) continue;
    ranges.push(lineDeco("cm-line-" + x.cls).range(l.from));
    symbols.set(x.line, new SymbolMarker(x.symbol, x.cls, x.label));
  }
  for (const x of m.texts || []) {
    const l = lineOf(doc, x.line);
    if (!l) continue;
    const text = l.text, start = text.length - text.trimStart().length, end = text.trimEnd().length;
    if (end > start) ranges.push(Decoration.mark({class: "cm-text-" + x.cls, attributes: {title: x.label}}).range(l.from + start, l.from + end));
  }
  return {deco: Decoration.set(ranges, true), symbols};
}

const symbolGutter = gutter({
  class: "cm-symbols",
  lineMarker(view, line) {
    const n = view.state.doc.lineAt(line.from).number;
    return view.state.field(marks).symbols.get(n) || null;
  },
  lineMarkerChange: u => u.transactions.some(t => t.effects.some(e => e.is(setMarks))) || u.docChanged,
  initialSpacer: () => new SymbolMarker("▶", "winner", ""),
});

const editors = new Map(); // host element → {view, readOnly, editable}

function replace(v, text, event) {
  v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: text}, selection: {anchor: 0}, scrollIntoView: true,
    annotations: Transaction.userEvent.of(event)});
}

function diagnostics(doc, list) {
  const out = [];
  for (const d of list || []) {
    const l = lineOf(doc, d.line);
    if (!l) continue;
    out.push({from: l.from, to: l.to, severity: d.severity, message: d.message, source: d.source || undefined});
  }
  return out;
}

window.robotsEditor = {
  // create makes an editor in host. opts: text, label (its accessible
  // name), readOnly, onChange(length) called after each change of the text,
  // marks (whether the editor shows the analysis' marks).
  create(host, opts) {
    const ro = new Compartment();
    const extensions = [
      lineNumbers(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      search({top: true}),
      // Tab is left to the browser, so that the keyboard moves on past the
      // editor (WCAG 2.1.2): robots.txt has no use for a tab character.
      keymap.of([...searchKeymap, ...historyKeymap, ...defaultKeymap]),
      ro.of([EditorState.readOnly.of(!!opts.readOnly), EditorView.editable.of(!opts.readOnly)]),
      // A tab stop for read-only editors too, so the keyboard scrolls them.
      EditorView.contentAttributes.of({"aria-label": opts.label, "aria-multiline": "true", tabindex: "0", spellcheck: "false",
        autocapitalize: "off", autocorrect: "off", translate: "no"}),
      // A text Go loaded is not an edit: Go knows it already.
      EditorView.updateListener.of(u => {
        if (u.docChanged && opts.onChange && !u.transactions.some(t => t.isUserEvent("load"))) opts.onChange(u.state.doc.length);
      }),
    ];
    if (opts.marks) extensions.push(marks, symbolGutter, lintGutter());
    const view = new EditorView({
      state: EditorState.create({doc: opts.text || "", extensions}),
      parent: host,
    });
    editors.set(host, {view, ro, readOnly: !!opts.readOnly});
    // The host answers as a form field does (value, readOnly, selection,
    // focus), so scripts and the browser tests read it as they would a
    // textarea.
    Object.defineProperties(host, {
      value: {configurable: true, get: () => view.state.doc.toString(), set: v => replace(view, v, "input.paste")},
      readOnly: {configurable: true, get: () => editors.get(host)?.readOnly ?? false},
      selectionStart: {configurable: true, get: () => view.state.selection.main.from},
      selectionEnd: {configurable: true, get: () => view.state.selection.main.to},
      setSelectionRange: {configurable: true, value: (a, b) => view.dispatch({selection: {anchor: a, head: b}})},
      focus: {configurable: true, value: () => view.focus()},
    });
  },
  destroy(host) {
    const e = editors.get(host);
    if (!e) return;
    e.view.destroy();
    editors.delete(host);
    for (const k of ["value", "readOnly", "selectionStart", "selectionEnd", "setSelectionRange", "focus"]) delete host[k];
  },
  // setValue replaces the whole text (a loaded example or link); it is one
  // undoable change, as a paste over everything is.
  setValue(host, text) {
    const e = editors.get(host);
    if (!e) return;
    replace(e.view, text, "load");
  },
  value(host) { const e = editors.get(host); return e ? e.view.state.doc.toString() : ""; },
  // lineOfCaret is the number of the caret's line.
  lineOfCaret(host) {
    const e = editors.get(host);
    return e ? e.view.state.doc.lineAt(e.view.state.selection.main.head).number : 0;
  },
  setReadOnly(host, readOnly) {
    const e = editors.get(host);
    if (!e || e.readOnly === readOnly) return;
    e.readOnly = readOnly;
    e.view.dispatch({effects: e.ro.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)])});
  },
  // setMarks takes the marks of the chosen URL as JSON (editormarks.go).
  setMarks(host, json) {
    const e = editors.get(host);
    if (!e) return;
    const m = JSON.parse(json), v = e.view;
    v.dispatch(setDiagnostics(v.state, diagnostics(v.state.doc, m.diags)));
    v.dispatch({effects: setMarks.of(m)});
  },
  // gotoLine puts the caret at the start of line n and scrolls it into the
  // middle of the editor's view.
  gotoLine(host, n, focus) {
    const e = editors.get(host);
    if (!e) return;
    const v = e.view, l = lineOf(v.state.doc, n);
    if (!l) return;
    v.dispatch({selection: {anchor: l.from}, effects: EditorView.scrollIntoView(l.from, {y: "center"})});
    if (focus) v.focus();
    host.scrollIntoView({block: "nearest"});
  },
  // showLine scrolls line n into the editor's view without moving the caret
  // or the focus (the deciding line of a newly chosen URL).
  showLine(host, n) {
    const e = editors.get(host);
    if (!e) return;
    const l = lineOf(e.view.state.doc, n);
    if (l) e.view.dispatch({effects: EditorView.scrollIntoView(l.from, {y: "center"})});
  },
};
