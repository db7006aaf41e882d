/* crapette-net-status.c: who the friend on another machine is, and how the connection stands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The peer says all of it through its properties: its state, whether the other player is
 * heard from, and the seconds of the grace period left once they are not. This line only says
 * them in words. Claim asks the peer; the peer alone judges whether the time is up.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-locale.h"
#include "crapette-net-status.h"

struct _CrapetteNetStatus
{
  GtkWidget parent_instance;

  CrapetteNetPeer *peer;
  CrapetteTransport *transport;    /* the peer's, followed: signed in and waiting, or not yet */
  GtkWidget *box;
  GtkLabel *name_label;
  GtkLabel *state_label;
  GtkButton *claim_button;
  char *text;
};

G_DEFINE_FINAL_TYPE (CrapetteNetStatus, crapette_net_status, GTK_TYPE_WIDGET)

/* The friend's name takes at least this many characters' room in the header bar; it stands
 * whole wherever the header bar has room for it, and only when it has not does it end in "…",
 * with the whole name in its tooltip. */
#define MIN_NAME_CHARS 4

static void update (CrapetteNetStatus *self);

/* Follows the state of the peer's connection, which may change after a cut. */
static void
follow_transport (CrapetteNetStatus *self)
{
  CrapetteTransport *transport = self->peer != NULL ? crapette_net_peer_get_transport (self->peer)
                                                    : NULL;

  if (self->transport == transport)
    return;
  if (self->transport != NULL)
    g_signal_handlers_disconnect_by_data (self->transport, self);
  g_set_object (&self->transport, transport);
  if (transport != NULL)
    g_signal_connect_object (transport, "notify::state", G_CALLBACK (update), self,
                             G_CONNECT_SWAPPED);
}

/* Before the friend's program has answered: still connecting (or signing in), or connected
 * (signed in and in the game's room, or listening) and waiting for the friend. */
static const char *
waiting_text (CrapetteNetStatus *self)
{
  if (self->transport != NULL &&
      crapette_transport_get_state (self->transport) == CRAPETTE_TRANSPORT_CONNECTED)
    return _("Waiting for your friend…");
  return _("Connecting…");
}

/* Writes what the peer's properties say now. */
static void
update (CrapetteNetStatus *self)
{
  const char *name;
  CrapetteNetPeerState state;
  gboolean claim = FALSE;
  g_autofree char *text = NULL;

  /* Hidden whole with no match on, so that screen readers meet no empty status either. */
  follow_transport (self);
  gtk_widget_set_visible (GTK_WIDGET (self), self->peer != NULL);
  gtk_widget_set_visible (self->box, self->peer != NULL);
  if (self->peer == NULL)
    return;
  state = crapette_net_peer_get_state (self->peer);
  name = crapette_net_peer_get_peer_name (self->peer);
  if (g_strcmp0 (gtk_label_get_text (self->name_label), name != NULL ? name : "") != 0)
    {
      /* The new name is measured at the next allocation, which gives the tooltip back if it
       * is cut. */
      gtk_label_set_text (self->name_label, name != NULL ? name : "");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->name_label), name);
      gtk_widget_set_has_tooltip (GTK_WIDGET (self->name_label), FALSE);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->name_label), name != NULL && *name != '\0');

  /* A match over by a resignation keeps the two connected, for a rematch, until one leaves. */
  if (state == CRAPETTE_NET_PEER_FAILED ||
      (state == CRAPETTE_NET_PEER_ENDED && !crapette_net_peer_get_peer_present (self->peer)))
    text = g_strdup (_("Gone"));
  else if (crapette_net_peer_get_peer_present (self->peer))
    text = g_strdup (state == CRAPETTE_NET_PEER_AGREEING ? _("Dealing…") : _("Connected"));
  else if (state == CRAPETTE_NET_PEER_AGREEING)
    text = g_strdup (waiting_text (self));
  else if (crapette_net_peer_get_grace_left (self->peer) > 0)
    {
      guint left = crapette_net_peer_get_grace_left (self->peer);
      g_autofree char *latin = NULL;

      /* TRANSLATORS: the other player's connection is lost; the seconds left to come back */
      latin = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Reconnecting… %u second",
                                            "Reconnecting… %u seconds", left), left);
      text = crapette_locale_localize_digits (latin);
    }
  else
    {
      text = g_strdup (_("Gone"));
      claim = TRUE;
    }
  gtk_label_set_text (self->state_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->claim_button), claim);
  if (g_strcmp0 (self->text, text) != 0)
    {
      g_free (self->text);
      self->text = g_steal_pointer (&text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      self->text, -1);
    }
}

static void
on_claim_clicked_cb (GtkButton         *button,
                     CrapetteNetStatus *self)
{
  g_autoptr (GError) error = NULL;

  if (self->peer != NULL && !crapette_net_peer_claim (self->peer, &error))
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->claim_button), error->message);
  update (self);
}

static void
crapette_net_status_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  CrapetteNetStatus *self = CRAPETTE_NET_STATUS (widget);

  gtk_widget_measure (self->box, orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
}

/* The name's tooltip is there only while the name is cut short. */
static void
crapette_net_status_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  CrapetteNetStatus *self = CRAPETTE_NET_STATUS (widget);
  gboolean cut;

  gtk_widget_allocate (self->box, width, height, baseline, NULL);
  cut = pango_layout_is_ellipsized (gtk_label_get_layout (self->name_label));
  if (gtk_widget_get_has_tooltip (GTK_WIDGET (self->name_label)) != cut)
    gtk_widget_set_has_tooltip (GTK_WIDGET (self->name_label), cut);
}

/* Returns whether the friend's name is cut short in the header bar, for want of room. */
gboolean
crapette_net_status_name_is_cut (CrapetteNetStatus *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_STATUS (self), FALSE);

  return pango_layout_is_ellipsized (gtk_label_get_layout (self->name_label));
}

static void
crapette_net_status_dispose (GObject *object)
{
  CrapetteNetStatus *self = CRAPETTE_NET_STATUS (object);

  crapette_net_status_set_peer (self, NULL);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (crapette_net_status_parent_class)->dispose (object);
}

static void
crapette_net_status_finalize (GObject *object)
{
  CrapetteNetStatus *self = CRAPETTE_NET_STATUS (object);

  g_free (self->text);
  G_OBJECT_CLASS (crapette_net_status_parent_class)->finalize (object);
}

static void
crapette_net_status_class_init (CrapetteNetStatusClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = crapette_net_status_dispose;
  object_class->finalize = crapette_net_status_finalize;
  widget_class->measure = crapette_net_status_measure;
  widget_class->size_allocate = crapette_net_status_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "netstatus");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);
}

static void
crapette_net_status_init (CrapetteNetStatus *self)
{
  GtkWidget *lines;

  /* The name over the connection, as a window's title over its subtitle: the two short lines
   * leave the name room to be read whole in the header bar. */
  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  lines = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_valign (lines, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->box), lines);
  self->name_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->name_label), "heading");
  gtk_label_set_xalign (self->name_label, 0);
  /* Cut only when the header bar has no room for it all (see size_allocate()). */
  gtk_label_set_ellipsize (self->name_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (self->name_label, MIN_NAME_CHARS);
  gtk_box_append (GTK_BOX (lines), GTK_WIDGET (self->name_label));
  self->state_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->state_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->state_label), "dim-label");
  gtk_label_set_xalign (self->state_label, 0);
  gtk_box_append (GTK_BOX (lines), GTK_WIDGET (self->state_label));
  self->claim_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Claim")));
  gtk_widget_set_valign (GTK_WIDGET (self->claim_button), GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->claim_button),
                               _("Your friend stayed away too long: end the match"));
  g_signal_connect (self->claim_button, "clicked", G_CALLBACK (on_claim_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->claim_button));
  update (self);
}

GtkWidget *
crapette_net_status_new (void)
{
  return g_object_new (CRAPETTE_TYPE_NET_STATUS, NULL);
}

void
crapette_net_status_set_peer (CrapetteNetStatus *self,
                              CrapetteNetPeer   *peer)
{
  g_return_if_fail (CRAPETTE_IS_NET_STATUS (self));
  g_return_if_fail (peer == NULL || CRAPETTE_IS_NET_PEER (peer));

  if (self->peer == peer)
    return;
  if (self->peer != NULL)
    g_signal_handlers_disconnect_by_data (self->peer, self);
  g_set_object (&self->peer, peer);
  follow_transport (self);
  if (peer != NULL)
    {
      /* Every property it has says something the line shows. */
      g_signal_connect_object (peer, "notify", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
    }
  if (self->box != NULL)
    update (self);
}

CrapetteNetPeer *
crapette_net_status_get_peer (CrapetteNetStatus *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_STATUS (self), NULL);

  return self->peer;
}

const char *
crapette_net_status_get_text (CrapetteNetStatus *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_STATUS (self), NULL);

  return gtk_label_get_text (self->state_label);
}

gboolean
crapette_net_status_can_claim (CrapetteNetStatus *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_STATUS (self), FALSE);

  return gtk_widget_get_visible (GTK_WIDGET (self->claim_button));
}
