// The preview in words lives in core, shared with the MCP server's approval form; the terminal renders it with colors.
export { formatSize, renderApproval, renderFileChange } from '../core/tool-execution/changePreview/previewText';
