/* crapette-view-private.h: the position behind a view, for the engine and the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-view.h"

G_BEGIN_DECLS

/* The position behind @view, with its face-down cards unknown. Only the
 * engine's own code (and its tests) reads it; the window reads a view
 * through the accessors of crapette-view.h. */
const CrapettePosition *crapette_view_get_position (const CrapetteView *view);

G_END_DECLS
