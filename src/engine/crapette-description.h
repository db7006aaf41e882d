/* crapette-description.h: moves in words, for screen readers and messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-names.h"
#include "crapette-position.h"

G_BEGIN_DECLS

char       *crapette_describe_move    (const CrapettePosition *position,
                                       const CrapetteMove     *move);

G_END_DECLS
