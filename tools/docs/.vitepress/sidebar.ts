/** One entry of the site's sidebar: a page of docs/ (its path without `.md`, from docs/). */
export interface SidebarPage {
  readonly text: string;
  readonly link: string;
}

/** The hand-written sections of the sidebar, in reading order; the API reference is added from TypeDoc's output. */
export const sections: readonly { readonly text: string; readonly items: readonly SidebarPage[] }[] = [
  {
    text: "Guides",
    items: [
      { text: "Hunt and read a story", link: "/guide/hunt" },
      { text: "Replay and shrink", link: "/guide/replay-and-shrink" },
      { text: "Write a protocol package", link: "/new-protocol" },
      { text: "Real code under cx", link: "/real-code" },
      { text: "@cx/check on its own", link: "/guide/check" },
      { text: "Schedule properties in vitest", link: "/guide/vitest" },
      { text: "Campaigns on Redis", link: "/guide/campaigns" },
      { text: "Reading the report", link: "/guide/report" },
    ],
  },
  {
    text: "Concepts",
    items: [
      { text: "The choice sequence", link: "/concepts/choice-sequence" },
      { text: "The world and its faults", link: "/concepts/world" },
      { text: "The invariants", link: "/concepts/invariants" },
      { text: "The linearizability checker", link: "/concepts/linearizability" },
      { text: "The shrinker", link: "/concepts/shrinker" },
      { text: "Search strategies", link: "/concepts/search" },
      { text: "Where the time goes", link: "/concepts/performance" },
      { text: "Architecture", link: "/ARCHITECTURE" },
    ],
  },
  {
    text: "Reference",
    items: [
      { text: "Commands", link: "/reference/cli" },
      { text: "Results", link: "/results" },
      { text: "Third-party Raft libraries", link: "/third-party" },
    ],
  },
  {
    text: "History",
    items: [
      { text: "The experiment", link: "/history/experiment" },
      { text: "The shrinker", link: "/history/shrinker" },
      { text: "Search strategies", link: "/history/search" },
      { text: "The checker", link: "/history/checker" },
      { text: "The simulator", link: "/history/simulator" },
    ],
  },
];
