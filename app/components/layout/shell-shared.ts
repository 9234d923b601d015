/**
 * The modules of the page frame (root.tsx) that some routes import as well, named here so that the
 * browser build puts them into the chunk of React and Remix (docs/decisions/0054).
 *
 * The browser build makes one chunk per set of route modules that reach a module. These modules
 * are reached by the root route and by different sets of routes, so each became a chunk of its own
 * (a request and a separate gzip stream), although every page with JavaScript loads all of them
 * through the root route anyway. `i18n/texts.tsx`, which every route module reaches, imports this
 * file: the modules then share React's set of routes and its chunk. Remix's runtime is named too:
 * a module loaded on demand that reaches this file but not Remix (a tile's body) would otherwise
 * split React from React DOM into two chunks. What is named here must stay
 * something the root route loads; a module only some pages need does not belong here, except a
 * module of a few lines that the catalogue pages need (`useImageResizing`, `number-format`): as a
 * file of its own it costs each of them more than it costs every page here. A module
 * named here translates with `i18n/use-translation.ts`, never through `i18n/texts.tsx` (that would be
 * an import circle: tests/unit/layers.test.ts).
 */
import "@remix-run/react";
import "remix-utils/csrf/react";
import "remix-utils/use-hydrated";
import "~/domain/catalog/href";
import "~/domain/catalog/number-format";
import "~/domain/notification/notice";
import "~/components/layout/hydration";
import "~/components/layout/useInAppLinks";
import "~/components/account/useShopper";
import "~/components/product/useImageResizing";
import "~/components/layout/LogoutButton";
import "~/components/layout/on-demand";
import "~/components/ui/Icon";
import "~/components/ui/LoginPrompt";
import "~/components/ui/main-heading";
import "~/components/ui/submitInPlace";
