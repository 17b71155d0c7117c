import { createHash } from "node:crypto";

/**
 * The page's one script, inline: copy buttons, and the link between each
 * counterexample's story and its diagram (click a step: its shapes are
 * highlighted and scrolled to; click a shape: its step is shown; previous
 * and next with the buttons or the arrow, j/k keys), opening a history
 * view when a link to it is followed, and opening each diagram whose box
 * scrolls (too wide to scale down to it) at its violation (a history
 * view's at its stuck operation, when its details open). Its hash goes into the
 * Content-Security-Policy, so no other script can ever run.
 */
export const REPORT_SCRIPT = `(function(){
var current=null;
function items(a){return a.querySelectorAll("ol.story li[data-step]");}
function select(a,n,from){
var list=items(a);if(list.length===0)return;
n=Math.max(1,Math.min(list.length,n));
var svg=a.querySelector("svg.cx-diagram");
a.querySelectorAll(".hl").forEach(function(e){e.classList.remove("hl")});
a.querySelectorAll("li.current").forEach(function(e){e.classList.remove("current")});
var marks=svg?svg.querySelectorAll('[data-steps~="'+n+'"]'):[];
marks.forEach(function(e){e.classList.add("hl")});
if(svg)svg.classList.add("has-hl");
var li=a.querySelector('ol.story li[data-step="'+n+'"]');
if(li)li.classList.add("current");
a.setAttribute("data-current",String(n));
var now=a.querySelector(".step-now");
if(now)now.textContent="step "+n+" of "+list.length;
var box=a.querySelector(".diagram-scroll");
var target=svg?(svg.querySelector('[data-badge="'+n+'"]')||marks[0]):null;
if(box&&target){var b=box.getBoundingClientRect(),r=target.getBoundingClientRect();box.scrollLeft+=r.left+r.width/2-(b.left+b.width/2);}
if(from==="diagram"){if(li)li.scrollIntoView({block:"nearest"});}else if(box){box.scrollIntoView({block:"nearest"});}
current=a;
}
function move(a,by){select(a,Number(a.getAttribute("data-current")||"0")+by,"key");}
function copy(b){var t=document.getElementById(b.getAttribute("data-copy")||"");if(!t)return;var s=t.textContent||"";
function done(){b.textContent="copied";setTimeout(function(){b.textContent="copy"},1500)}
function pick(){var r=document.createRange();r.selectNodeContents(t);var g=window.getSelection();if(g){g.removeAllRanges();g.addRange(r)}}
if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(s).then(done,pick)}else{pick()}}
document.addEventListener("click",function(e){
var t=e.target;if(!(t instanceof Element))return;
var c=t.closest("button[data-copy]");if(c){copy(c);return;}
var h=t.closest("a[data-history]");if(h){var d=document.getElementById(h.getAttribute("data-history")||"");if(d&&d.tagName==="DETAILS")d.open=true;return;}
var a=t.closest("article.counterexample[data-cx]");if(!a)return;
var m=t.closest("button[data-move]");if(m){move(a,Number(m.getAttribute("data-move")));return;}
var s=t.closest("ol.story li[data-step]");if(s){select(a,Number(s.getAttribute("data-step")),"story");return;}
var g=t.closest("svg.cx-diagram [data-steps]");
if(g){var ns=(g.getAttribute("data-steps")||"").split(" ").map(Number);var at=Number(a.getAttribute("data-current")||"0");
var next=ns.filter(function(n){return n>at})[0];select(a,next===undefined?ns[0]:next,"diagram");}
});
function reveal(){document.querySelectorAll(".diagram-scroll,.cx-history-scroll").forEach(function(box){
if(box.scrollWidth<=box.clientWidth||box.getAttribute("data-revealed"))return;
var v=box.querySelector('[data-role="violation"],[data-role="stuck"]');if(!v)return;
var b=box.getBoundingClientRect(),r=v.getBoundingClientRect();if(r.width===0&&r.height===0)return;
box.setAttribute("data-revealed","1");
if(r.right>b.right-16)box.scrollLeft+=r.right-b.right+32;});}
reveal();
document.addEventListener("toggle",reveal,true);
document.addEventListener("keydown",function(e){
if(e.altKey||e.ctrlKey||e.metaKey)return;
var f=document.activeElement;
if(f&&/^(INPUT|TEXTAREA|SELECT)$/.test(f.tagName))return;
var by=e.key==="ArrowRight"||e.key==="j"?1:e.key==="ArrowLeft"||e.key==="k"?-1:0;
if(by===0)return;
var a=(f&&f.closest?f.closest("article.counterexample[data-cx]"):null)||current;
if(!a)return;
e.preventDefault();move(a,by);
});
})();`;

/** `sha256-...` of {@link REPORT_SCRIPT}, for the Content-Security-Policy's `script-src`. */
export const REPORT_SCRIPT_HASH = `sha256-${createHash("sha256").update(REPORT_SCRIPT).digest("base64")}`;
