/* crapette-match-private.h: what the match record reader needs of CrapetteMatch
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-match.h"

G_BEGIN_DECLS

gboolean crapette_match_restore_round (CrapetteMatch        *self,
                                       const CrapetteRound  *round,
                                       gboolean              is_last,
                                       GError              **error);

G_END_DECLS
