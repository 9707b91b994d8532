// Spec §8, selling: the catalogue (admin), the cart, and sale documents, orders, credits, debits, invoices.
import type { Row } from './catalogue-entry';

/** Catalog (admin). */
export const CATALOG_ROWS = [
  [10005, 'catalog_product_requires_configuration', 'alert', 409],
  [10009, 'sub_product_category_not_found', 'alert', 404],
  [10010, 'dedicated_extra_detail_already_exists', 'alert', 409],
  [10013, 'attribute_delete_failed_attach_products', 'alert', 409],
  [10016, 'sub_product_is_not_configured_for_auto_pricing', 'alert', 409],
  [10017, 'sub_product_has_incorrect_auto_pricing_config', 'alert', 409],
  [10019, 'action_not_allowed_on_product', 'alert', 403],
] as const satisfies readonly Row[];

/** Cart. */
export const CART_ROWS = [
  [35000, 'cart_not_found', 'cart_empty', 404],
  [35001, 'cart_item_not_found', 'cart_sync', 404],
  [35002, 'cart_item_add_failed', 'alert', 500],
  [35003, 'cart_action_exception', 'alert', 500],
  [35004, 'item_already_in_cart', 'alert', 409],
  // The user is asked to confirm, so it reads as a caution rather than a failure.
  [35005, 'item_already_in_cart_needs_confirmation', 'warning', 409],
  // Shown under the option list, per option_id.
  [35006, 'cart_option_error', 'field', 400],
  // An alert as well as the field errors; the field errors carry the locale text.
  [35007, 'cart_attribute_error', 'field', 400],
  [35008, 'domain_already_in_cart', 'alert', 409],
  [35009, 'parent_child_does_not_exist', 'alert', 404],
  [35010, 'item_cant_be_child', 'alert', 400],
  [35011, 'item_associated_as_child', 'alert', 409],
  [35013, 'get_domain_info_failed', 'alert', 502],
  [35014, 'cart_not_ready_check_items', 'alert', 409],
  [35015, 'cart_not_associated_with_billing_profile', 'alert', 409],
  [35018, 'domain_check_failure', 'alert', 502],
  [35019, 'cart_item_domain_contacts', 'alert', 400],
  [35022, 'cart_item_attributes_missing', 'alert', 400],
  // Shown per option_detail_id.
  [35024, 'cart_extension_error', 'field', 400],
] as const satisfies readonly Row[];

/** Sale documents, orders, credits, debits, invoices (all alerts). */
export const SALE_DOCUMENT_ROWS = [
  [35500, 'sale_document_update_exception', 'alert', 500],
  [35502, 'sale_document_not_found', 'alert', 404],
  [35503, 'due_status_does_not_allow_payment', 'alert', 409],
  [35504, 'due_type_does_not_allow_payment', 'alert', 409],
  [35505, 'paying_document_status_does_not_allow_payment', 'alert', 409],
  [35506, 'paying_document_type_does_not_allow_payment', 'alert', 409],
  [35507, 'due_document_balance_already_paid', 'alert', 409],
  [35508, 'paying_document_balance_is_zero', 'alert', 409],
  [35510, 'document_action_not_permitted', 'alert', 403],
  [35511, 'requested_task_not_allowed', 'alert', 403],
  [35512, 'document_status_not_permitted', 'alert', 409],
  [35513, 'document_balance_total_difference', 'alert', 409],
  [35514, 'no_due_document_defined', 'alert', 400],
  [35515, 'no_paying_document_defined', 'alert', 400],
  [35516, 'balance_must_be_zero_or_equal', 'alert', 409],
  [35517, 'undefined_document_status', 'alert', 400],
  [35523, 'duplicate_file_on_legal_document', 'alert', 409],
  [35601, 'order_not_found', 'alert', 404],
  [35602, 'order_item_pending_process_after', 'alert', 409],
  [35603, 'order_item_expired', 'alert', 409],
  [35604, 'order_requested_status_not_executable', 'alert', 409],
  [35700, 'credit_action_not_found', 'alert', 404],
  [35701, 'credit_document_not_found', 'alert', 404],
  [35702, 'credit_status_not_permitted', 'alert', 409],
  [35703, 'credit_paying_not_allowed_by_status', 'alert', 409],
  [35802, 'debit_status_does_not_allow_cancel', 'alert', 409],
  [36101, 'invoice_billing_profile_missing', 'alert', 400],
  [36102, 'invoice_must_be_requested_by_order', 'alert', 400],
  [36103, 'invoice_already_exists_for_this_document', 'alert', 409],
] as const satisfies readonly Row[];
