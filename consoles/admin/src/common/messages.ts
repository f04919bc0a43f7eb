// Texts of spec 001 sections 5 and 8, copied exactly.
export const FAILED_TO_FETCH_APPLICATIONS = 'Failed to fetch applications';
export const FAILED_TO_APPROVE = 'Failed to approve application';
export const FAILED_TO_REJECT = 'Failed to reject application';
export const REJECTION_REASON_MIN_LENGTH = 10;
export const REJECTION_REASON_MESSAGE = 'Rejection reason must be at least 10 characters';
