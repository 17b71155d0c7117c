import { libraryBuild } from "../../tsup.shared.js";

export default libraryBuild();
