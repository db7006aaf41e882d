/* crapette-net-join-dialog.c: join a friend's game on this network, from a list or by address
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list of games nearby is any GListModel whose items have the properties "name" (the
 * host's player name), "variant" (a CrapetteVariant) and "address" (the whole join address),
 * read by name so that this dialog need not know the type that finds them. Choosing a game,
 * or typing an address and pressing Join, emits "join" with the address; the window checks it
 * and connects, and calls crapette_net_join_dialog_show_error() if it cannot.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "crapette-names.h"
#include "crapette-net-join-dialog.h"

struct _CrapetteNetJoinDialog
{
  AdwWindow parent_instance;

  GListModel *nearby;
  GtkListBox *games;
  AdwEntryRow *address_row;
  GtkButton *join_button;
  GtkLabel *error_label;
  GtkLabel *placeholder;   /* over the empty list: nothing yet, or why nothing can come */
};

enum { PROP_0, PROP_NEARBY, N_PROPS };
enum { JOIN, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CrapetteNetJoinDialog, crapette_net_join_dialog, ADW_TYPE_WINDOW)

/* Makes a row for one game nearby: the host's name, and the game under it. */
static GtkWidget *
create_game_row (gpointer item,
                 gpointer user_data)
{
  g_autofree char *name = NULL;
  g_autofree char *address = NULL;
  CrapetteVariant variant = CRAPETTE_VARIANT_RUSSIAN;
  GtkWidget *row = adw_action_row_new ();

  g_object_get (item, "name", &name, "variant", &variant, "address", &address, NULL);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name != NULL ? name : "");
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), crapette_variant_name (variant));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  g_object_set_data_full (G_OBJECT (row), "crapette-address", g_steal_pointer (&address), g_free);
  return row;
}

static void
on_game_activated_cb (GtkListBox            *games,
                      GtkListBoxRow         *row,
                      CrapetteNetJoinDialog *self)
{
  const char *address = g_object_get_data (G_OBJECT (row), "crapette-address");

  if (address != NULL && *address != '\0')
    g_signal_emit (self, signals[JOIN], 0, address);
}

/* Emits "join" with the typed address, without the spaces a copy and paste may bring. */
static void
join_typed_address (CrapetteNetJoinDialog *self)
{
  g_autofree char *address = g_strstrip (g_strdup (gtk_editable_get_text (
    GTK_EDITABLE (self->address_row))));

  if (*address != '\0')
    g_signal_emit (self, signals[JOIN], 0, address);
}

static void
on_address_changed_cb (GtkEditable           *editable,
                       CrapetteNetJoinDialog *self)
{
  g_autofree char *address = g_strstrip (g_strdup (gtk_editable_get_text (editable)));

  gtk_widget_set_sensitive (GTK_WIDGET (self->join_button), *address != '\0');
  crapette_net_join_dialog_show_error (self, NULL);
}

static void
on_address_activated_cb (AdwEntryRow           *row,
                         CrapetteNetJoinDialog *self)
{
  join_typed_address (self);
}

static void
on_join_clicked_cb (GtkButton             *button,
                    CrapetteNetJoinDialog *self)
{
  join_typed_address (self);
}

static void
crapette_net_join_dialog_constructed (GObject *object)
{
  CrapetteNetJoinDialog *self = CRAPETTE_NET_JOIN_DIALOG (object);

  G_OBJECT_CLASS (crapette_net_join_dialog_parent_class)->constructed (object);
  gtk_list_box_bind_model (self->games, self->nearby, create_game_row, self, NULL);
}

static void
crapette_net_join_dialog_dispose (GObject *object)
{
  CrapetteNetJoinDialog *self = CRAPETTE_NET_JOIN_DIALOG (object);

  if (self->games != NULL)
    gtk_list_box_bind_model (self->games, NULL, NULL, NULL, NULL);
  g_clear_object (&self->nearby);
  G_OBJECT_CLASS (crapette_net_join_dialog_parent_class)->dispose (object);
}

static void
crapette_net_join_dialog_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  CrapetteNetJoinDialog *self = CRAPETTE_NET_JOIN_DIALOG (object);

  switch (prop_id)
    {
    case PROP_NEARBY:
      g_value_set_object (value, self->nearby);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_net_join_dialog_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  CrapetteNetJoinDialog *self = CRAPETTE_NET_JOIN_DIALOG (object);

  switch (prop_id)
    {
    case PROP_NEARBY:
      g_set_object (&self->nearby, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_net_join_dialog_class_init (CrapetteNetJoinDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = crapette_net_join_dialog_constructed;
  object_class->dispose = crapette_net_join_dialog_dispose;
  object_class->get_property = crapette_net_join_dialog_get_property;
  object_class->set_property = crapette_net_join_dialog_set_property;

  properties[PROP_NEARBY] =
    g_param_spec_object ("nearby", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CrapetteNetJoinDialog::join:
   * @address: the join address chosen or typed
   *
   * The person asked to join the game at @address.
   */
  signals[JOIN] = g_signal_new ("join", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
crapette_net_join_dialog_init (CrapetteNetJoinDialog *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *nearby_group = adw_preferences_group_new ();
  GtkWidget *address_group = adw_preferences_group_new ();
  GtkWidget *placeholder;

  gtk_window_set_title (GTK_WINDOW (self), _("Join a Friend’s Game"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 440, 520);
  gtk_window_set_hide_on_close (GTK_WINDOW (self), FALSE);

  gtk_box_append (GTK_BOX (content), header);
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (content), page);
  adw_window_set_content (ADW_WINDOW (self), content);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (nearby_group), _("Games Nearby"));
  self->games = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_set_name (GTK_WIDGET (self->games), "nearby-games");
  gtk_widget_add_css_class (GTK_WIDGET (self->games), "boxed-list");
  gtk_list_box_set_selection_mode (self->games, GTK_SELECTION_NONE);
  placeholder = gtk_label_new (_("No games found nearby yet"));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 18);
  gtk_widget_set_margin_bottom (placeholder, 18);
  gtk_label_set_wrap (GTK_LABEL (placeholder), TRUE);
  gtk_list_box_set_placeholder (self->games, placeholder);
  self->placeholder = GTK_LABEL (placeholder);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->games), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Games Nearby"), -1);
  g_signal_connect (self->games, "row-activated", G_CALLBACK (on_game_activated_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (nearby_group), GTK_WIDGET (self->games));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (nearby_group));

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (address_group), _("Join by Address"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (address_group),
                                         _("Paste the address your friend copied."));
  self->address_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  gtk_widget_set_name (GTK_WIDGET (self->address_row), "join-address");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->address_row), _("Address"));
  adw_entry_row_set_show_apply_button (self->address_row, FALSE);
  g_signal_connect (self->address_row, "changed", G_CALLBACK (on_address_changed_cb), self);
  g_signal_connect (self->address_row, "entry-activated", G_CALLBACK (on_address_activated_cb),
                    self);
  self->join_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Join")));
  gtk_widget_set_name (GTK_WIDGET (self->join_button), "join-button");
  gtk_widget_set_valign (GTK_WIDGET (self->join_button), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->join_button), "suggested-action");
  gtk_widget_set_sensitive (GTK_WIDGET (self->join_button), FALSE);
  g_signal_connect (self->join_button, "clicked", G_CALLBACK (on_join_clicked_cb), self);
  adw_entry_row_add_suffix (self->address_row, GTK_WIDGET (self->join_button));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (address_group),
                             GTK_WIDGET (self->address_row));
  /* An alert, so that a screen reader says why the address did not join (GTK 4.8 has no
   * announcement call of its own). */
  self->error_label = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT,
                                    NULL);
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_xalign (self->error_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_margin_top (GTK_WIDGET (self->error_label), 6);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (address_group),
                             GTK_WIDGET (self->error_label));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (address_group));
}

CrapetteNetJoinDialog *
crapette_net_join_dialog_new (GListModel *nearby)
{
  g_return_val_if_fail (nearby == NULL || G_IS_LIST_MODEL (nearby), NULL);

  return g_object_new (CRAPETTE_TYPE_NET_JOIN_DIALOG, "nearby", nearby, NULL);
}

GListModel *
crapette_net_join_dialog_get_nearby (CrapetteNetJoinDialog *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_JOIN_DIALOG (self), NULL);

  return self->nearby;
}

void
crapette_net_join_dialog_show_error (CrapetteNetJoinDialog *self,
                                     const char            *message)
{
  g_return_if_fail (CRAPETTE_IS_NET_JOIN_DIALOG (self));

  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

void
crapette_net_join_dialog_set_nearby_problem (CrapetteNetJoinDialog *self,
                                             const char            *message)
{
  g_return_if_fail (CRAPETTE_IS_NET_JOIN_DIALOG (self));

  gtk_label_set_text (self->placeholder,
                      message != NULL ? message : _("No games found nearby yet"));
}
