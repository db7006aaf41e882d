/* crapette-invitation.h: the invitation to a match over the internet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The host of an internet match hands the friend an invitation: an `xmpp:` link naming a
 * multi-user chat room on the host's XMPP server, with a random secret,
 *
 *   xmpp:crapette-k7qm3xpa@conference.example.org?join;secret=<43 characters>
 *
 * The secret is 32 random bytes in unpadded base64url. Everything else comes from it: the
 * short code the two players can read to each other ("K7QM-3XPA", which is also the room's
 * name, so a link copied only in part is caught) and the key that authenticates the
 * protocol's messages, so a server relaying the room cannot forge a move.
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CRAPETTE_INVITATION_SECRET_SIZE 32
#define CRAPETTE_INVITATION_KEY_SIZE 32

#define CRAPETTE_INVITATION_ERROR (crapette_invitation_error_quark ())

typedef enum
{
  CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION,
  CRAPETTE_INVITATION_ERROR_DAMAGED,
  CRAPETTE_INVITATION_ERROR_BAD_SERVER,
} CrapetteInvitationError;

typedef struct _CrapetteInvitation CrapetteInvitation;

#define CRAPETTE_TYPE_INVITATION (crapette_invitation_get_type ())

GType                crapette_invitation_get_type    (void) G_GNUC_CONST;
GQuark               crapette_invitation_error_quark (void);

/* Returns a new invitation to a room on @muc_domain (the host's chat service), with a fresh
 * random secret, or %NULL with @error set when @muc_domain is not a server's name. */
CrapetteInvitation  *crapette_invitation_new         (const char    *muc_domain,
                                                      GError       **error);

/* Returns the invitation made from a given secret, for tests and for saving a match. */
CrapetteInvitation  *crapette_invitation_new_with_secret (const char    *muc_domain,
                                                          const guint8  *secret,
                                                          GError       **error);

/* Reads an invitation a person pasted (spaces around it are allowed), or returns %NULL with
 * @error set to a sentence they can read. */
CrapetteInvitation  *crapette_invitation_parse       (const char    *text,
                                                      GError       **error);

/* Returns a copy of @self. */
CrapetteInvitation  *crapette_invitation_copy        (const CrapetteInvitation *self);

/* Frees @self. */
void                 crapette_invitation_free        (CrapetteInvitation *self);

/* Returns the `xmpp:` link to hand the friend. */
const char          *crapette_invitation_get_uri     (const CrapetteInvitation *self);

/* Returns the short code, such as "K7QM-3XPA", for the players to compare. */
const char          *crapette_invitation_get_code    (const CrapetteInvitation *self);

/* Returns the room's address, such as "crapette-k7qm3xpa@conference.example.org". */
const char          *crapette_invitation_get_room    (const CrapetteInvitation *self);

/* Returns the chat service's name, such as "conference.example.org". */
const char          *crapette_invitation_get_server  (const CrapetteInvitation *self);

/* Returns the secret's %CRAPETTE_INVITATION_SECRET_SIZE bytes. */
const guint8        *crapette_invitation_get_secret  (const CrapetteInvitation *self);

/* Returns the %CRAPETTE_INVITATION_KEY_SIZE bytes of the key the protocol authenticates its
 * messages with, derived from the secret. */
const guint8        *crapette_invitation_get_key     (const CrapetteInvitation *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CrapetteInvitation, crapette_invitation_free)

G_END_DECLS
