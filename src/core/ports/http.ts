export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/**
 * Plain request/response HTTP (Obsidian's `requestUrl`, which bypasses CORS but buffers whole responses).
 * Resolves for every HTTP status; rejects only when no response arrived (offline, DNS, refused).
 */
export interface HttpPort {
  request(request: HttpRequest): Promise<HttpResponse>;
}
